import { describe, expect, it } from 'vitest';
import { errorRedirect } from '../../src/authProvider';

const at = (href: string) => {
    const u = new URL(href, 'http://console.test');
    return { pathname: u.pathname, search: u.search, href: u.href };
};

describe('authProvider.checkError (SPEC 8.1)', () => {
    it.each([401, 403])('%i sends the user to /logout with the current page as redirect_url', status => {
        expect(errorRedirect(status, at('/users?page=2'))).toBe(`/logout?redirect_url=${encodeURIComponent('/users?page=2')}`);
    });

    it('goes to /login instead when the URL holds token=', () => {
        expect(errorRedirect(401, at('/devices?token=abc'))).toBe(`/login?redirect_url=${encodeURIComponent('/devices?token=abc')}`);
    });

    it.each(['/login', '/alternate', '/reset_password', '/logout', '/error'])('stays on %s', path => {
        expect(errorRedirect(401, at(`${path}?x=1`))).toBeUndefined();
    });

    it.each([400, 404, 409, 500])('ignores %i', status => {
        expect(errorRedirect(status, at('/users'))).toBeUndefined();
    });
});
