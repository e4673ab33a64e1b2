import { z } from 'zod';

/**
 * The QR Code Generator (SPEC 2.2 /qrcode): a reader-setup code an installer
 * shows to a reader's camera, telling it the platform's address, the account
 * to register in (its device registration code) and, optionally, the Wi-Fi
 * network to join. The text is a versioned JSON object.
 */
export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;

export const readerSetupPayload = z.object({
    v: z.literal(1),
    platform_url: z.string(),
    registration_code: z.string(),
    account: z.string(),
    wifi: z.object({ ssid: z.string(), security: z.enum(WIFI_SECURITY), password: z.string().optional() }).optional(),
});
export type ReaderSetupPayload = z.infer<typeof readerSetupPayload>;

export const readerSetupText = (payload: ReaderSetupPayload) => JSON.stringify(payload);
/** What a reader does with the text it scanned. */
export const parseReaderSetup = (text: string): ReaderSetupPayload => readerSetupPayload.parse(JSON.parse(text));

export const QR_MESSAGES = {
    ssidRequired: 'Network name is required',
    passwordRequired: 'Password is required for a secured network',
} as const;

/** Body of POST /qrcode (a POST, so that a Wi-Fi password never sits in a URL or a log). */
export const qrCodeInput = z.object({
    format: z.enum(['svg', 'png']).default('svg'),
    /** pixels of the PNG */
    size: z.number().int().min(128).max(2048).default(512),
    wifi: z
        .object({
            ssid: z.string().trim().min(1, { error: QR_MESSAGES.ssidRequired }).max(32, { error: 'Maximum 32 characters' }),
            security: z.enum(WIFI_SECURITY),
            password: z.string().max(63, { error: 'Maximum 63 characters' }).optional(),
        })
        .refine(w => w.security === 'nopass' || !!w.password, { error: QR_MESSAGES.passwordRequired, path: ['password'] })
        .optional(),
});
export type QrCodeInput = z.input<typeof qrCodeInput>;
