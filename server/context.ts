import type { Config } from './config';
import type { Db } from './db/database';
import type { TokenSigner } from './crypto/tokens';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { Realtime } from './realtime';
import type { FileStorage } from './storage';
import type { DiskSpace } from './storage/diskSpace';

/** What every feature's routes receive: no feature builds its own connections. */
export interface AppContext {
    db: Db;
    config: Config;
    signer: TokenSigner;
    mailer: Mailer;
    /** event images, firmware artifacts, exports */
    storage: FileStorage;
    /** where kept backups go when the files are in a bucket (FILES_URL): the bucket, beside them; BACKUP_DIR otherwise */
    keptBackups?: FileStorage;
    /** free space of the volumes written to, against the reserve (DISK_RESERVE_PERCENT) */
    disk: DiskSpace;
    /** notifications between server instances (the events live feed) */
    realtime: Realtime;
    /** this instance's Prometheus metrics, which features count into (server/metrics, docs/ops.md "Metrics") */
    metrics: Metrics;
    /** injectable for tests of expiry and lockout */
    now: () => Date;
}
