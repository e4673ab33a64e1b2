import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const fr: Messages = {
    menu: { accountManagement: 'Gestion du compte' },
    account_management: {
        title: 'Changer le compte principal de la plateforme',
        intro: 'Le compte principal est celui de l’organisation pour laquelle cette plateforme est installée. Seul le compte principal peut utiliser la connexion SSO ; ses utilisateurs travaillent dans leur propre compte uniquement, sans la liste des comptes ; les lecteurs qui s’enregistrent sans code d’enregistrement y attendent d’être approuvés.',
        open: 'Ouvrir la page du compte',
        changeTitle: 'Choisir un autre compte principal',
        changeHelp:
            'Faites d’un autre compte le compte principal, par exemple quand l’organisation que sert cette plateforme passe dans un compte qui lui est propre.',
        account: 'Nouveau compte principal',
        change: 'En faire le compte principal',
        confirmTitle: 'Faire de %{name} le compte principal ?',
        confirmContent:
            '%{name} devient le compte principal de la plateforme à la place de %{current}. Dès lors, seul %{name} peut utiliser la connexion SSO, ses utilisateurs travaillent dans leur propre compte uniquement, et les lecteurs qui s’enregistrent sans code d’enregistrement attendent d’être approuvés dans %{name}. %{current} devient un compte comme les autres : ses utilisateurs perdent la connexion SSO.',
        changed: '%{name} est désormais le compte principal',
        failed: 'Le compte principal n’a pas été changé',
    },
};
export default fr;
