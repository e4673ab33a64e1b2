import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const ar: Messages = {
    menu: { accessGroups: 'مجموعات الوصول' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'مجموعات الوصول' },
            actionNames: { make_default: 'تعيين كافتراضية', add_profiles: 'إضافة حاملي شارات', remove_profile: 'إزالة حامل شارة' },
        },
        access_groups: {
            name: 'مجموعات وصول |||| مجموعة وصول |||| مجموعات الوصول |||| مجموعات الوصول |||| مجموعات الوصول |||| مجموعات الوصول',
            listEmpty: {
                write: 'تسمح مجموعة الوصول لأعضائها بالمرور عند الأجهزة التي تخدمها. أضف مجموعة، ثم امنحها أجهزة وأعضاء.',
                read: 'تسمح مجموعة الوصول لأعضائها بالمرور عند الأجهزة التي تخدمها. ينشئ مسؤولو الحساب وفنّيو التركيب المجموعات.',
            },
            createsIn: 'تُضاف المجموعة إلى %{account}. لإضافتها إلى حساب آخر، اختر ذلك الحساب أولًا في عامل تصفية الحساب في القائمة.',
            add: 'إضافة مجموعة وصول',
            edit: 'تعديل مجموعة الوصول',
            default: 'افتراضية',
            makeDefault: 'تعيين كافتراضية',
            defaultDeleteTooltip: 'هذه هي مجموعة الوصول الافتراضية: اختر مجموعة افتراضية أخرى أولًا.',
            defaultLocked: 'المجموعة الافتراضية للحساب. لتغييرها، اجعل مجموعة أخرى هي الافتراضية.',
            defaultHelp: 'تخدم الأجهزة المعتمدة في الحساب المجموعة الافتراضية ما لم يُحدَّد غير ذلك.',
            intro: 'تمر الملفات الشخصية المنتمية إلى مجموعة عند الأجهزة التي تخدمها.',
            fields: {
                description: 'الوصف',
                default_group: 'المجموعة الافتراضية',
                devices_count: 'الأجهزة',
                profiles_count: 'الأعضاء',
                created_at: 'تاريخ الإنشاء',
            },
            devices: {
                title: 'الأجهزة',
                empty: 'لا يخدم أي جهاز هذه المجموعة: لا يمر أعضاؤها من أي مكان بعد.',
                add: 'إضافة جهاز',
                choose: 'الجهاز المراد إضافته',
                remove: 'إيقاف خدمة هذه المجموعة',
                confirmRemove: 'هل يتوقف %{device} عن خدمة %{group}؟',
                confirmRemoveContent: 'لن يمر أعضاء المجموعة عند هذا الجهاز بعد الآن، ما لم تضمّهم مجموعة أخرى يخدمها.',
                description: 'الجهاز',
                hardware_id: 'معرّف الجهاز',
                status: 'الحالة',
                statuses: { pending: 'بانتظار الموافقة', online: 'متصل', offline: 'غير متصل', rejected: 'مرفوض' },
            },
            members: {
                title: 'الأعضاء',
                empty: 'لا يوجد حامل شارة في هذه المجموعة.',
                add: 'إضافة عضو',
                choose: 'الملف الشخصي المراد إضافته (البحث بمعرّف ACS)',
                search: 'البحث بمعرّف ACS',
                remove: 'إزالة من المجموعة',
                confirmRemove: 'إزالة %{profile} من %{group}؟',
                confirmRemoveContent: 'لن تسمح الأجهزة التي تخدم المجموعة لهذا الشخص بالمرور بعد الآن، ما لم تضمّه مجموعة أخرى من مجموعاته.',
                acs_id: 'معرّف ACS',
                status: 'الحالة',
                badges: 'معرّفات الشارات',
                noAcsId: 'الملف الشخصي #%{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'عيّن كافتراضية',
                add_devices: 'أضاف أجهزة إلى',
                remove_device: 'أزال جهازًا من',
                add_profiles: 'أضاف أعضاء إلى',
                remove_profile: 'أزال عضوًا من',
                grant_access: 'منح حق الوصول إلى',
                revoke_access: 'سحب حق الوصول من',
            },
        },
    },
    'Description is required': 'الوصف مطلوب',
    'Choose at least one device': 'اختر جهازًا واحدًا على الأقل',
    'Choose at least one profile': 'اختر ملفًا شخصيًا واحدًا على الأقل',
};
export default ar;
