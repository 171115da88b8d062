// Shared by the pool and its workers; a module of its own, so the worker loads nothing else before lowering its
// priority.

/** 'idle': nice 19 in the idle scheduling class (the default); 'normal': the server's own priority. */
export type PhotoWorkerPriority = 'idle' | 'normal';

/** How the pool tells a worker its priority. */
export const PHOTO_WORKER_PRIORITY_ENV = 'BM_PHOTO_WORKER_PRIORITY';
