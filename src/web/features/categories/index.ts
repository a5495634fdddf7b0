export { categoriesQueryKey, categoriesQueryOptions, getCategories, useCategories } from './api/get-categories.js';
