import { SSO_ERRORS } from '../../contract/ssoErrors';
import type { Messages } from '../plugins/types';

/** Texts of the screens outside the layout: sign-in, 2FA, terms, reset password, errors (SPEC 2.1, 4.5, 8.1). */
const en: Messages = {
    pages: {
        product: 'Access Console',
        login: {
            title: 'Sign in',
            email: 'Email',
            password: 'Password',
            submit: 'Sign in',
            forgot: 'Forgot password?',
            incorrect: 'Incorrect authentication credentials',
            failed: 'Error during login',
            locked: 'Too many failed sign-ins. Try again later.',
            sso: 'Sign in with single sign-on',
            localAccount: 'Sign in with a local account',
            or: 'or',
            // SPEC 8.5's texts, word for word: the same constants the server sends
            ssoErrors: { ...SSO_ERRORS },
        },
        tfa: {
            codeTitle: 'Two-factor authentication',
            codeHelp: 'Enter the 6-digit code from your authenticator app.',
            code: 'One-time code',
            verify: 'Verify',
            invalid: 'This code is not valid. Wait for the next one and try again.',
            lost: 'Lost your authenticator?',
            setupTitle: 'Set up two-factor authentication',
            setupHelp:
                'Your account requires a second factor. Scan this QR code with an authenticator app (or type the key below), then enter the code it shows.',
            secret: 'Key',
            setupFailed: 'Error during 2FA setup',
            recoveryTitle: 'Save your recovery codes',
            recoveryHelp:
                'Each code resets your two-factor login once if you lose your authenticator. They are shown only now: copy or download them and keep them safe.',
            copy: 'Copy codes',
            download: 'Download',
            continue: 'Continue',
        },
        terms: {
            title: 'Terms of service',
            intro: 'Before you use the console, please read and accept the terms of service.',
            body: 'This console controls physical access to buildings and processes biometric data (face templates and images) of the people enrolled in it. By continuing you confirm that you are authorised by your organisation to administer it; that you process personal and biometric data only for access control and security, within the consent and retention rules configured for each account; that you keep your credentials and second factor to yourself; and that every change you make is recorded in the audit log with your name.',
            accept: 'Accept',
            failed: 'Error when setting accepted TOS!',
        },
        reset: {
            title: 'Reset your password',
            help: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
            email: 'Email',
            send: 'Send reset link',
            sent: 'If an account uses this address, a reset link is on its way. Check your mailbox.',
            newTitle: 'Choose a new password',
            newPassword: 'New password',
            confirm: 'Confirm password',
            set: 'Set password',
            done: 'Your password is set. You can sign in with it now.',
            expired: 'This reset link has expired.',
            used: 'This reset link has already been used.',
            invalid: 'This reset link is not valid.',
            again: 'Request a new link',
            rules: 'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and one of # ? ! @ $ ^ & * - %',
            failed: 'The password could not be set. Please try again.',
        },
        reset2fa: {
            title: 'Reset two-factor login',
            help: 'Enter one of the recovery codes you saved when you set up two-factor login. You will set it up again at your next sign-in.',
            code: 'Recovery code',
            submit: 'Reset',
            success: 'two-factor login reset successfully',
            failed: 'An error occurred while resetting 2FA Login. Please try again.',
            signInFirst: 'Sign in with your password first, then choose "Lost your authenticator?".',
        },
        initial: {
            title: 'Set your password',
            help: 'Your password was set by someone else. Choose your own to continue.',
            failed: 'The password could not be set. Please try again.',
        },
        backToLogin: 'Back to sign in',
        notFound: {
            text: 'Sorry, the page you visited does not exist.',
            back: 'Back home',
        },
        error: {
            title: 'Something went wrong',
            text: 'The screen could not be shown. Try again, or go back home.',
            retry: 'Try again',
            back: 'Back home',
        },
        loggingOut: 'Signing out…',
    },
};
export default en;
