import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const p = await b.newPage({ viewport: { width: 1400, height: 850 } });
p.on('pageerror', e => console.log('pageerror', e.message));
p.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.text().slice(0, 200)); });
await p.goto('http://localhost:8282/login');
await p.getByLabel('Email').fill('dealer@northwind-security.example');
await p.getByLabel('Password').fill('Demo#E2e1');
await p.getByRole('button', { name: 'Sign in' }).click();
await p.waitForTimeout(1500);
for (const [path, name] of [['/accounts', 'acc'], ['/roles', 'roles'], ['/audit_logs', 'audit']]) {
  await p.goto('http://localhost:8282' + path); await p.waitForTimeout(1800);
  console.log(name, p.url()); await p.screenshot({ path: `/tmp/${name}.png` });
}
await p.goto('http://localhost:8282/accounts'); await p.waitForTimeout(1500);
await p.getByText('Contoso Offices').click(); await p.waitForTimeout(1500);
console.log('accpage', p.url()); await p.screenshot({ path: '/tmp/accpage.png' });
await p.goto('http://localhost:8282/users'); await p.waitForTimeout(1500);
await p.getByRole('button', { name: 'Create user' }).click(); await p.waitForTimeout(800);
await p.getByRole('dialog').getByRole('button', { name: 'Create user' }).click(); await p.waitForTimeout(800);
await p.screenshot({ path: '/tmp/drawer.png' });
await b.close();
