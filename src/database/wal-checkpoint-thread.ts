// The code of the checkpointer's thread (wal-checkpointer.ts), run from this text (a worker with
// eval) so it needs no compiled file beside it, under ts-jest as from dist. Its connection copies the
// WAL into the database file when told to; the copy's writes and fsyncs block this thread only.
// workerData: { file, driver } (driver: better-sqlite3's resolved path, as the main thread has it).
// It says 'ready' once its connection is open, or { failed } and ends.
export const CHECKPOINT_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let connection;
try {
  connection = new Database(workerData.file, { fileMustExist: true });
  connection.pragma('wal_autocheckpoint = 0');
} catch (error) {
  parentPort.postMessage({ failed: String(error && error.message) });
  process.exit(1);
}
parentPort.on('message', (command) => {
  if (command === 'close') {
    connection.close();
    process.exit(0);
  }
  try {
    const [row] = connection.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ walPages: row.log, checkpointedPages: row.checkpointed });
  } catch {
    // A failed checkpoint loses nothing: the pages stay in the WAL, and the next one copies them.
    parentPort.postMessage(null);
  }
});
parentPort.postMessage('ready');
`;
