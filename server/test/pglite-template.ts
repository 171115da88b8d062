/** Where global-setup.ts tells the workers the migrated PGlite folder is. */
export const PGLITE_TEMPLATE_ENV = 'BM_TEST_PGLITE_TEMPLATE';
