/**
 * npm run files:move -- --to s3://BUCKET/PREFIX [--remove-source]
 *
 * Copies every stored file from the installation's file store (FILES_URL, else DATA_DIR/files) to another (an S3
 * bucket with the S3_* settings and the AWS credentials of the environment, or a file: URL), each read back and
 * compared by SHA-256 (server/storage/move.ts). Interrupted, run it again: it copies only what is missing or
 * differs. The source keeps its files unless --remove-source is given and every file was checked. docs/ops.md
 * "Moving the files to a bucket".
 */
import { parseArgs } from 'node:util';
import { filesLocation, loadConfig } from '../server/config';
import { storageFromConfig } from '../server/storage/fromConfig';
import { moveFiles } from '../server/storage/move';

const { values } = parseArgs({
    options: { to: { type: 'string' }, 'remove-source': { type: 'boolean', default: false } },
});
if (!values.to) {
    process.stderr.write('Say where to move the files: npm run files:move -- --to s3://BUCKET/PREFIX [--remove-source]\n');
    process.exit(2);
}
const config = loadConfig();
const target = filesLocation({ ...process.env, FILES_URL: values.to }, config.dataDir);
const describe = (where: typeof target) => (where.kind === 'folder' ? where.dir : `s3://${where.bucket}/${where.prefix}`);
if (describe(target) === describe(config.files)) {
    process.stderr.write(`The files are in ${describe(config.files)} already.\n`);
    process.exit(2);
}
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`Moving the files from ${describe(config.files)} to ${describe(target)}`);
const report = await moveFiles(storageFromConfig(config.files).storage, storageFromConfig(target).storage, {
    removeSource: values['remove-source'],
    log: say,
});
for (const failed of report.failed) say(`failed: ${failed.key}: ${failed.reason}`);
say(
    `${report.files} files: ${report.copied} copied, ${report.alreadyThere} there already, ${report.failed.length} failed, ` +
        `${report.removed} removed from the source`,
);
say(
    report.failed.length
        ? 'Not every file was moved: run the command again.'
        : `Every file is in ${describe(target)} and checked. Set FILES_URL=${values.to} and start the server.`,
);
process.exit(report.failed.length ? 1 : 0);
