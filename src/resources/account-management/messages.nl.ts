import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const nl: Messages = {
    menu: { accountManagement: 'Accountbeheer' },
    account_management: {
        title: 'Hoofdaccount van het platform wijzigen',
        intro: 'Het hoofdaccount is het account van de organisatie waarvoor dit platform is geïnstalleerd. Alleen het hoofdaccount kan SSO-aanmelding gebruiken; de gebruikers ervan werken alleen in hun eigen account, zonder de accountlijst; lezers die zich zonder registratiecode registreren, wachten daar op goedkeuring.',
        open: 'De accountpagina openen',
        changeTitle: 'Een ander hoofdaccount kiezen',
        changeHelp:
            'Maak een ander account het hoofdaccount, bijvoorbeeld wanneer de organisatie die dit platform bedient naar een eigen account verhuist.',
        account: 'Nieuw hoofdaccount',
        change: 'Tot hoofdaccount maken',
        confirmTitle: '%{name} tot hoofdaccount maken?',
        confirmContent:
            '%{name} wordt het hoofdaccount van het platform in plaats van %{current}. Vanaf dan kan alleen %{name} SSO-aanmelding gebruiken, werken de gebruikers ervan alleen in hun eigen account, en wachten lezers die zich zonder registratiecode registreren op goedkeuring in %{name}. %{current} wordt een account zoals de andere: de gebruikers ervan verliezen SSO-aanmelding.',
        changed: '%{name} is nu het hoofdaccount',
        failed: 'Het hoofdaccount is niet gewijzigd',
    },
};
export default nl;
