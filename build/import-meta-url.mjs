// The CommonJS bundle has no import.meta: the bundle's own file URL stands in for
// import.meta.url (electron/core/services/audio-split finds its worker's script beside it).
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
