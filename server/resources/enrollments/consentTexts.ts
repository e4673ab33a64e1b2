import type { LocaleCode } from '../../../contract/constants';

/**
 * The fixed words of the stamp on a signed consent (consentPdf.ts), in the language of the enrollment page the person
 * signed on (docs/decisions.md "Web enrollment: the signed consent's language"). %{name} marks where a value goes;
 * the date is written by Intl for the same language and says UTC.
 */
export interface ConsentStampTexts {
    signedBy: string;
    signedOn: string;
    /** how it was signed, when the account wears no brand */
    through: string;
    /** the same, naming the product of the account's brand (its own or inherited) */
    throughBrand: string;
    reference: string;
}

export const CONSENT_STAMP_TEXTS: Record<LocaleCode, ConsentStampTexts> = {
    en: {
        signedBy: 'Signed by %{name}',
        signedOn: 'on %{date}',
        through: 'through web enrollment',
        throughBrand: 'through the web enrollment of %{brand}',
        reference: 'Reference %{reference}',
    },
    fr: {
        signedBy: 'Signé par %{name}',
        signedOn: 'le %{date}',
        through: 'par inscription web',
        throughBrand: 'par l’inscription web de %{brand}',
        reference: 'Référence %{reference}',
    },
    de: {
        signedBy: 'Unterschrieben von %{name}',
        signedOn: 'am %{date}',
        through: 'per Web-Erfassung',
        throughBrand: 'per Web-Erfassung von %{brand}',
        reference: 'Referenz %{reference}',
    },
    es: {
        signedBy: 'Firmado por %{name}',
        signedOn: 'el %{date}',
        through: 'mediante inscripción web',
        throughBrand: 'mediante la inscripción web de %{brand}',
        reference: 'Referencia %{reference}',
    },
    'pt-BR': {
        signedBy: 'Assinado por %{name}',
        signedOn: 'em %{date}',
        through: 'por cadastro pela web',
        throughBrand: 'pelo cadastro pela web de %{brand}',
        reference: 'Referência %{reference}',
    },
    it: {
        signedBy: 'Firmato da %{name}',
        signedOn: 'il %{date}',
        through: 'tramite registrazione web',
        throughBrand: 'tramite la registrazione web di %{brand}',
        reference: 'Riferimento %{reference}',
    },
    nl: {
        signedBy: 'Ondertekend door %{name}',
        signedOn: 'op %{date}',
        through: 'via webinschrijving',
        throughBrand: 'via de webinschrijving van %{brand}',
        reference: 'Referentie %{reference}',
    },
    ja: {
        signedBy: '署名者：%{name}',
        signedOn: '署名日時：%{date}',
        through: 'Web 登録による署名',
        throughBrand: '%{brand} の Web 登録による署名',
        reference: '参照番号：%{reference}',
    },
    ar: {
        signedBy: 'موقع من %{name}',
        signedOn: 'بتاريخ %{date}',
        through: 'من خلال التسجيل عبر الويب',
        throughBrand: 'من خلال التسجيل عبر الويب لدى %{brand}',
        reference: 'المرجع %{reference}',
    },
};

/** The moment of signing written for the language, in UTC and saying so ("29 novembre 2026 à 01:39:14 UTC"). */
export const signedDate = (locale: LocaleCode, at: Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(at);
