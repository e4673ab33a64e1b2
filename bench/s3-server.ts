/**
 * The benchmarks' S3 bucket: s3rver on loopback with the test suite's
 * workarounds (tests/server/storage/s3Server.ts), in a process of its own so
 * its work is not counted as the bench client's or the server's. It stores
 * the objects in a temporary folder on the local disk, removed when it stops.
 *
 *   PORT=8390 BUCKET=bench node --import tsx bench/s3-server.ts   (started by startS3Bucket in bench/lib.ts)
 */
import { startS3Server } from '../tests/server/storage/s3Server';

const s3 = await startS3Server(process.env.BUCKET ?? 'bench', Number(process.env.PORT));
// s3rver keeps a record of every request for the tests: a benchmark's would only grow.
setInterval(() => (s3.requests.length = 0), 1000).unref();
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
