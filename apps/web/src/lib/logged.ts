/**
 * Logs a failed call to the console (specification section 8) and passes it on to the screen, which shows a
 * message with a retry. A call aborted because its screen went away is not a failure and is not logged.
 */
export async function logged<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(error);
    throw error;
  }
}
