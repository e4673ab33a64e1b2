/** The mail sink's ports follow the console's (E2E_PORT), so that browser tests on other ports run beside these. */
const consolePort = Number(process.env.E2E_PORT ?? 8181);

/** Accounts of the browser-test platform (the demo platform with known passwords). */
export const E2E = {
    admin: { email: 'admin@e2e.test', password: 'Admin#E2e1' },
    demoPassword: 'Demo#E2e1',
    dealer: 'dealer@northwind-security.example',
    moderator: 'moderator@contoso-offices.example',
    manager: 'manager@contoso-offices.example',
    /** the SMTP server the platform sends to, and where the journeys read what it received */
    mail: { smtpPort: consolePort - 56, httpPort: consolePort - 55 },
};
