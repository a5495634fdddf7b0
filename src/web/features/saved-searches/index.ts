/** What other features use of saved searches (decision 053): 'Save this search' on the browse page. */
export { SaveSearchButton, type SearchFilters } from './components/save-search-button.js';
export { describeSearch } from './describe.js';
