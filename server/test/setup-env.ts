// What global-setup.ts makes once per run, named to the workers in the environment.

/** The migrated PGlite folder. */
export const PGLITE_TEMPLATE_ENV = 'BM_TEST_PGLITE_TEMPLATE';

/** The folder of the server bundle (main.js and its workers), built from the current sources. */
export const SERVER_BUNDLE_ENV = 'BM_TEST_SERVER_BUNDLE';
