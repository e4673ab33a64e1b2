import { describe, expect, it } from 'vitest';
import { initials, portalVersion } from '../../../src/layout/format';

describe('formats of SPEC 2.3 and 2.4', () => {
    it('initials from the name, JD when empty', () => {
        expect(initials('Northwind Dealer')).toBe('ND');
        expect(initials('  ana maria  de souza ')).toBe('AS');
        expect(initials('Cher')).toBe('C');
        expect(initials('')).toBe('JD');
        expect(initials(undefined)).toBe('JD');
    });
    it('portal version: three parts, the rest in brackets', () => {
        expect(portalVersion('1.0.0.3f2a9c1')).toBe('1.0.0 (3f2a9c1)');
        expect(portalVersion('2.4.1.17.5')).toBe('2.4.1 (17.5)');
        expect(portalVersion('1.2.3')).toBe('1.2.3');
    });
});
