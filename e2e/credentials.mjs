/** Accounts of the browser-test platform (the demo platform with known passwords). */
export const E2E = {
    admin: { email: 'admin@e2e.test', password: 'Admin#E2e1' },
    demoPassword: 'Demo#E2e1',
    dealer: 'dealer@northwind-security.example',
    moderator: 'moderator@contoso-offices.example',
    manager: 'manager@contoso-offices.example',
};
