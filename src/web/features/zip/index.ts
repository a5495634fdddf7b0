export { lookupZip, useZipLookup, zipToLookUp } from './api/lookup-zip.js';
