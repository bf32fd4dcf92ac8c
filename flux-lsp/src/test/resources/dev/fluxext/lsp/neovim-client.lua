-- Drives Neovim's own LSP client (0.7: start_client, buf_attach_client, buf_request_sync) against `flux lsp`, as an
-- editor uses it, and writes what it received to FLUX_LSP_OUT as JSON for NeovimLspIT to assert on:
--   first      the first diagnostics published for the file (as received: range, code, message, related)
--   definition the cursor after jumping from the first `to: "echo"`
--   references the locations of id 'count'
--   quickfix   the code actions offered for the 'feilds' diagnostic, the line after applying the first,
--              and the diagnostics published after it
--   rename     the lines after renaming the spout 'words' to 'sentences', and the diagnostics after it
--   completion the labels offered after `to: `; hover the text for the key `className`; id_hover over an id
local out_path = os.getenv('FLUX_LSP_OUT')
local file = os.getenv('FLUX_LSP_FILE')
local cmd = vim.fn.json_decode(os.getenv('FLUX_LSP_CMD'))
local out = { errors = {} }
local published = {}

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, out_path)
  vim.cmd('qa!')
end

local ok, failure = pcall(function()
  local client_id = vim.lsp.start_client({
    name = 'flux',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(file, ':h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        table.insert(published, result)
        vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code) out.exit_code = code end,
  })
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  vim.lsp.buf_attach_client(buf, client_id)

  -- The diagnostics published after the last one seen so far (n): waits for a newer publication for this file.
  local function next_diagnostics(n)
    local got = vim.wait(30000, function()
      for i = n + 1, #published do
        if published[i].uri == uri then return true end
      end
      return false
    end, 20)
    if not got then error('no diagnostics published within 30 s') end
    for i = #published, n + 1, -1 do
      if published[i].uri == uri then return published[i].diagnostics end
    end
  end
  local function position_of(line_text, word)
    for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      if line == line_text then
        return { line = i - 1, character = string.find(line, word, 1, true) - 1 }
      end
    end
    error('no line ' .. line_text)
  end
  local function request(method, params)
    local responses = vim.lsp.buf_request_sync(buf, method, params, 30000)
    local response = responses and responses[client_id]
    if not response then error(method .. ': no response') end
    if response.err then error(method .. ': ' .. vim.inspect(response.err)) end
    return response.result
  end
  local function at(line_text, word)
    return { textDocument = { uri = uri }, position = position_of(line_text, word) }
  end

  out.first = next_diagnostics(0)

  -- Go to definition, as gd does: jump to the location the server gives.
  local to = position_of('    to: "echo"', 'echo')
  vim.api.nvim_win_set_cursor(0, { to.line + 1, to.character })
  local definition = request('textDocument/definition', vim.lsp.util.make_position_params())
  vim.lsp.util.jump_to_location(definition[1], 'utf-16')
  local cursor = vim.api.nvim_win_get_cursor(0)
  out.definition = { line = cursor[1] - 1, character = cursor[2], count = #definition }

  local references = at('    to: "count"', 'count')
  references.context = { includeDeclaration = true }
  out.references = request('textDocument/references', references)

  -- The quick fix of the misspelt reference, as the editor sends it: the diagnostic in the request's context.
  local seen = #published
  local feilds
  for _, d in ipairs(out.first) do
    if string.find(d.message, "'feilds'", 1, true) then feilds = d end
  end
  local actions = request('textDocument/codeAction',
    { textDocument = { uri = uri }, range = feilds.range, context = { diagnostics = { feilds } } })
  vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
  out.quickfix = {
    titles = vim.tbl_map(function(a) return a.title end, actions),
    line = vim.api.nvim_buf_get_lines(buf, feilds.range.start.line, feilds.range.start.line + 1, false)[1],
    after = next_diagnostics(seen),
  }

  seen = #published
  local renamed = at('  - id: "words"', 'words')
  renamed.newName = 'sentences'
  vim.lsp.util.apply_workspace_edit(request('textDocument/rename', renamed), 'utf-16')
  out.rename = { lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false), after = next_diagnostics(seen) }

  -- Completion after `to: ` on a new line of the last stream; hover over a key.
  local last = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, last, last, false, { '  - from: "sentences"', '    to: ' })
  local completion = request('textDocument/completion',
    { textDocument = { uri = uri }, position = { line = last + 1, character = 8 } })
  local items = completion.items or completion
  out.completion = vim.tbl_map(function(item) return item.label end, items)
  local hover = request('textDocument/hover', at('    className: "org.apache.storm.testing.TestWordSpout"', 'className'))
  out.hover = hover and hover.contents and hover.contents.value
  local id_hover = request('textDocument/hover', at('    to: "echo"', 'echo'))
  out.id_hover = id_hover and id_hover.contents and id_hover.contents.value

  vim.lsp.stop_client(client_id)
  vim.wait(10000, function() return out.exit_code ~= nil end, 20)
end)
if not ok then table.insert(out.errors, tostring(failure)) end
finish()
