import { useTranslate } from 'react-admin';
import { DEPLOYMENT_MESSAGES, DEPLOYMENT_NAME_MAX } from '../../../contract/firmwareTexts';
import { MESSAGES } from '../../../contract/passwords';

/** The English texts of contract/firmware.ts (shared with the server) and their i18n keys. */
const KEYS: Record<string, string> = {
    ...Object.fromEntries(Object.entries(DEPLOYMENT_MESSAGES).map(([key, text]) => [text, `resources.deployments.errors.${key}`])),
    [MESSAGES.nameRequired]: 'resources.deployments.errors.nameRequired',
    [MESSAGES.max(DEPLOYMENT_NAME_MAX)]: 'resources.deployments.errors.nameMax',
};

/** A contract text (a form's own check, or a server's reply) in the user's language; other server texts as they come. */
export const useContractText = () => {
    const translate = useTranslate();
    return (text: string) => (KEYS[text] ? translate(KEYS[text]) : text);
};
