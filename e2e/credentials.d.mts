export declare const E2E: {
    admin: { email: string; password: string };
    demoPassword: string;
    dealer: string;
    moderator: string;
    manager: string;
    mail: { smtpPort: number; httpPort: number };
};
