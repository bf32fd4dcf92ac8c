package dev.fluxext.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The .vsix the Maven build writes (target/fluxext-vscode.vsix, no Node.js needed) has what `vsce package` puts in
 * one, as VS Code reads it: an Open Packaging Conventions zip with extension.vsixmanifest (identity, version and
 * engine as package.json says), [Content_Types].xml (a content type for each file extension inside), and extension/
 * with package.json, its main file, the language client it requires (bundled: nothing but Node's modules and
 * `vscode` left to require), the schema, the licenses and the readme the manifest names.
 */
class VsixIT {

    private static final Path VSIX = Path.of("target", "fluxext-vscode.vsix");
    private static final Set<String> NODE_MODULES = Set.of("child_process", "crypto", "fs", "net", "os", "path",
        "readline", "util", "vscode");

    @Test
    void theBuildsVsixIsAnExtensionPackageVsCodeCanInstall() throws Exception {
        assertTrue(Files.isRegularFile(VSIX), VSIX + " is written by the package phase (maven-antrun-plugin)");
        try (ZipFile zip = new ZipFile(VSIX.toFile())) {
            Map<String, byte[]> entries = new TreeMap<>();
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (!e.isDirectory()) {
                    entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
                }
            }
            assertEquals(new TreeSet<>(List.of("[Content_Types].xml", "extension.vsixmanifest",
                "extension/LICENSE.txt", "extension/THIRD-PARTY-NOTICES.txt", "extension/dist/vscode-languageclient.js",
                "extension/extension.js", "extension/flux-topology.schema.json", "extension/package.json",
                "extension/readme.md")), entries.keySet());

            JsonObject pkg = JsonParser.parseString(text(entries, "extension/package.json")).getAsJsonObject();
            Document manifest = xml(entries.get("extension.vsixmanifest"));
            Element identity = (Element) manifest.getElementsByTagName("Identity").item(0);
            assertEquals(pkg.get("name").getAsString(), identity.getAttribute("Id"));
            assertEquals(pkg.get("publisher").getAsString(), identity.getAttribute("Publisher"));
            assertEquals(pkg.get("version").getAsString(), identity.getAttribute("Version"));
            assertEquals(pkg.get("description").getAsString(),
                manifest.getElementsByTagName("Description").item(0).getTextContent());
            assertEquals(pkg.get("displayName").getAsString(),
                manifest.getElementsByTagName("DisplayName").item(0).getTextContent());
            assertEquals(pkg.getAsJsonObject("engines").get("vscode").getAsString(),
                property(manifest, "Microsoft.VisualStudio.Code.Engine"));
            NodeList assets = manifest.getElementsByTagName("Asset");
            for (int i = 0; i < assets.getLength(); i++) {
                String path = ((Element) assets.item(i)).getAttribute("Path");
                assertTrue(entries.containsKey(path), "the manifest's asset " + path + " is in the package");
            }
            assertTrue(entries.containsKey(manifest.getElementsByTagName("License").item(0).getTextContent()));

            // Every file's extension has a content type, as OPC requires.
            Document types = xml(entries.get("[Content_Types].xml"));
            Set<String> declared = new TreeSet<>();
            NodeList defaults = types.getElementsByTagName("Default");
            for (int i = 0; i < defaults.getLength(); i++) {
                declared.add(((Element) defaults.item(i)).getAttribute("Extension"));
            }
            for (String name : entries.keySet()) {
                if (!name.equals("[Content_Types].xml")) {
                    assertTrue(declared.contains(name.substring(name.lastIndexOf('.'))), name + " has a content type");
                }
            }

            // The main file, the client it requires, and nothing else to require than Node's modules and vscode.
            String main = pkg.get("main").getAsString().replaceFirst("^\\./", "");
            String extension = text(entries, "extension/" + main);
            assertTrue(extension.contains("require('./dist/vscode-languageclient.js')"), extension);
            assertTrue(!pkg.has("dependencies") || pkg.getAsJsonObject("dependencies").size() == 0,
                "no runtime dependency left to install: the client is bundled");
            List<String> required = new ArrayList<>();
            Matcher m = Pattern.compile("require\\(\"([^\"]+)\"\\)").matcher(text(entries,
                "extension/dist/vscode-languageclient.js"));
            while (m.find()) {
                required.add(m.group(1));
            }
            assertTrue(NODE_MODULES.containsAll(required), required.toString());
            assertTrue(text(entries, "extension/THIRD-PARTY-NOTICES.txt").contains("vscode-languageclient "
                + pkg.getAsJsonObject("devDependencies").get("vscode-languageclient").getAsString()));
            assertEquals(Files.readString(Path.of("..", "schema", "flux-topology.schema.json")),
                text(entries, "extension/flux-topology.schema.json"));
            assertTrue(pkg.getAsJsonObject("contributes").getAsJsonArray("yamlValidation").get(0).getAsJsonObject()
                .get("url").getAsString().equals("./flux-topology.schema.json"));

            // Where Node.js is installed, the JavaScript parses.
            Path node = onPath("node");
            if (node != null) {
                Path dir = Files.createDirectories(Path.of("target", "vsix-check"));
                for (String js : List.of("extension/extension.js", "extension/dist/vscode-languageclient.js")) {
                    Path file = dir.resolve(js.replace('/', '_'));
                    Files.write(file, entries.get(js));
                    Process p = new ProcessBuilder(node.toString(), "--check", file.toString()).inheritIO().start();
                    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
                    assertEquals(0, p.exitValue(), js + " is valid JavaScript");
                }
            }
        }
    }

    private static String property(Document manifest, String id) {
        NodeList properties = manifest.getElementsByTagName("Property");
        for (int i = 0; i < properties.getLength(); i++) {
            Element p = (Element) properties.item(i);
            if (p.getAttribute("Id").equals(id)) {
                return p.getAttribute("Value");
            }
        }
        return null;
    }

    private static Document xml(byte[] bytes) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    private static String text(Map<String, byte[]> entries, String name) {
        return new String(entries.get(name), StandardCharsets.UTF_8);
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
