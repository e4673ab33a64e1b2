/** The console's languages (a leaf module: screens import it without the providers). */
export const LOCALES = [
    { locale: 'en', name: 'English' },
    { locale: 'fr', name: 'Français' },
];
