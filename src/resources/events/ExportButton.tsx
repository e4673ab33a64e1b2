import { stampedName } from '../../dataProvider/files';
import { ExportButton } from '../../lists/ExportButton';

/** SPEC 9: the default export file name is timestamp-based. */
export const exportFileName = (now = new Date()) => stampedName('events-logs', 'zip', now);

// the CSV's times in the user's time zone
const inUserTimeZone = () => ({ timezone_offset: new Date().getTimezoneOffset() });

/** GET /events/export for the list's current filter: a zip (CSV and images), SPEC 7.2; disabled, saying why, without the events export right or a matching event. */
export const EventExportButton = () => (
    <ExportButton
        resource="events"
        path="/events/export"
        fileName={exportFileName}
        failedTitle="resources.events.export.failed"
        extraQuery={inUserTimeZone}
    />
);
