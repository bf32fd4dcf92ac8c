// What dist/vscode-languageclient.js holds: VS Code's language client (and its dependencies) as one CommonJS file,
// so that the extension needs no node_modules and the Maven build can package it without Node.js (`npm run bundle`
// writes it from the versions in package-lock.json; `vscode` is VS Code's own module, left out).
module.exports = require('vscode-languageclient/node');
