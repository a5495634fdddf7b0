export { lookupZip, useZipLookup, zipLookupKey, zipToLookUp } from './api/lookup-zip.js';
