// Starts `flux lsp` (the fluxext language server) for the topology files: VS Code's language client speaks LSP to
// it over stdin/stdout. The settings (fluxext.*) are read once, at activation: reload the window after changing them.
const vscode = require('vscode');
const { LanguageClient } = require('./dist/vscode-languageclient.js');

let client;

function activate() {
  const settings = vscode.workspace.getConfiguration('fluxext');
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  const server = {
    command: settings.get('command'),
    args: ['lsp'],
    // Relative includes, --filter and the classpath are read from the server's working directory.
    options: folder ? { cwd: folder.uri.fsPath } : {},
  };
  const initializationOptions = {};
  if (settings.get('classpath')) initializationOptions.classpath = settings.get('classpath');
  if (settings.get('filter')) initializationOptions.filter = settings.get('filter');
  client = new LanguageClient('fluxext', 'flux lsp', server, {
    documentSelector: settings.get('files').map((pattern) => ({ scheme: 'file', language: 'yaml', pattern })),
    initializationOptions,
  });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
