import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with French. */
const en: Messages = {
    notices: {
        deleteFailedTitle: 'Error deleting %{resource}',
        deleteFailed: 'We were unable to delete this %{resource}! Please try again later!',
        modifyFailedTitle: 'Error modifying %{resource}',
        modifyFailed: 'We were unable to modify this %{resource}! Please try again later!',
        createFailedTitle: 'Error creating %{resource}',
        createFailed: 'We were unable to create this %{resource}! Please try again later!',
        accessGroupDeleteFailedTitle: 'Error Deleting Access Goup',
        serverError:
            'We are unable to proceed with the submitted operation. Please try again later or copy the following ID and contact the support team to assist you in resolving the issue.',
        deletedTitle: 'Deleted %{resource}',
        deleted: 'Successfully removed entity %{resource} with #%{id}',
        deletedPlain: 'Successfully deleted the %{resource}',
        modifiedTitle: 'Modified %{resource}',
        createdTitle: 'Created new entity',
        created: '#%{id}',
        requestId: 'Request ID',
        copy: 'copy',
        copied: 'copied',
        close: 'Close',
    },
};
export default en;
