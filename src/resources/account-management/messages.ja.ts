import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const ja: Messages = {
    menu: { accountManagement: 'アカウント管理' },
    account_management: {
        title: 'プラットフォームのメインアカウントを変更',
        intro: 'メインアカウントは、このプラットフォームが導入された組織のアカウントです。SSO ログインを使用できるのはメインアカウントだけです。そのユーザーはアカウント一覧を使わず、自分のアカウント内でのみ作業します。登録コードなしで登録したリーダーは、このアカウントで承認を待ちます。',
        open: 'アカウントページを開く',
        changeTitle: '別のメインアカウントを選択',
        changeHelp:
            'たとえば、このプラットフォームを利用する組織が独自のアカウントに移る場合に、別のアカウントをメインアカウントにします。',
        account: '新しいメインアカウント',
        change: 'メインアカウントにする',
        confirmTitle: '%{name} をメインアカウントにしますか？',
        confirmContent:
            '%{current} に代わり、%{name} がプラットフォームのメインアカウントになります。以後、SSO ログインを使用できるのは %{name} だけとなり、そのユーザーは自分のアカウント内でのみ作業し、登録コードなしで登録したリーダーは %{name} で承認を待ちます。%{current} は他と同じ通常のアカウントになり、そのユーザーは SSO ログインを使用できなくなります。',
        changed: '%{name} がメインアカウントになりました',
        failed: 'メインアカウントは変更されませんでした',
    },
};
export default ja;
