import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/freePort';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader } from '../events/helpers';

/** Debian's Prometheus server (.ci/run installs it), scraping a real listening platform as an operator's would. */
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const TOKEN = 'prometheus-scrapes-4d1e';

let p: TestPlatform;
let admin: ApiCaller;
let prometheus: { url: string; child: ChildProcess; dir: string; output: () => string } | undefined;

/** Prometheus started on a free loopback port with a config scraping `target` every second with the bearer token. */
const startPrometheus = async (target: string) => {
    if (!fs.existsSync(PROMETHEUS))
        throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus (or set PROMETHEUS_PATH) to run the metrics scrape test`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-prometheus-'));
    const config = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
        config,
        [
            'global:',
            '  scrape_interval: 1s',
            '  scrape_timeout: 1s',
            'scrape_configs:',
            '  - job_name: platform',
            '    metrics_path: /metrics',
            '    authorization:',
            '      type: Bearer',
            `      credentials: ${TOKEN}`,
            '    static_configs:',
            `      - targets: ['${target}']`,
            '',
        ].join('\n'),
    );
    // A port picked free may be taken before Prometheus binds it: try again with another.
    for (let attempt = 0; ; attempt++) {
        const url = `http://127.0.0.1:${await freePort()}`;
        const child = spawn(
            PROMETHEUS,
            [
                `--config.file=${config}`,
                `--storage.tsdb.path=${path.join(dir, 'data')}`,
                `--web.listen-address=${new URL(url).host}`,
                '--log.level=warn',
            ],
            { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let output = '';
        child.stderr!.on('data', chunk => (output += chunk));
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline && child.exitCode === null) {
            const ready = await fetch(`${url}/-/ready`).then(
                r => r.ok,
                () => false,
            );
            if (ready) return { url, child, dir, output: () => output };
            await new Promise(resolve => setTimeout(resolve, 100));
        }
        child.kill('SIGKILL');
        if (attempt === 2) {
            fs.rmSync(dir, { recursive: true, force: true });
            throw new Error(`prometheus did not start: ${output}`);
        }
    }
};

const stopPrometheus = async () => {
    if (!prometheus) return;
    const { child, dir } = prometheus;
    if (child.exitCode === null) {
        const exited = new Promise(resolve => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
};

/** The samples of an instant query through Prometheus's HTTP API. */
const query = async (promql: string) => {
    const res = await fetch(`${prometheus!.url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    expect(body.status, JSON.stringify(body)).toBe('success');
    return body.data.result.map(r => ({ labels: r.metric, value: Number(r.value[1]) }));
};

beforeAll(async () => {
    p = await startPlatform({ metricsToken: TOKEN });
    admin = await p.as(ADMIN.email);
    const base = await p.listen();
    prometheus = await startPrometheus(new URL(base).host);
}, 120_000);
afterAll(async () => {
    await stopPrometheus();
    await p?.close();
});

describe('Prometheus scraping the platform', () => {
    it("reads a route's request durations by pattern and the readers online, through its query API", async () => {
        const reader = await approvedReader(p, admin, p.demo.customers[0].id, 'Scraped lobby');
        expect(await reader.heartbeat()).toBe(200);
        for (let i = 0; i < 2; i++) expect((await admin('GET', `/devices/${reader.id}`)).statusCode).toBe(200);
        const online = (await admin('GET', '/devices/aggregate/state?cross_account=true'))
            .json()
            .result.find((s: { status: string }) => s.status === 'online').count as number;
        expect(online).toBeGreaterThan(0);

        // Scraped every second: what the platform answered lands in Prometheus's store within a few.
        const poll = { timeout: 20_000, interval: 250 };
        await expect.poll(async () => (await query('up{job="platform"}'))[0]?.value, poll).toBe(1);
        await expect
            .poll(
                async () =>
                    (
                        await query(
                            'http_request_duration_seconds_count{job="platform",method="GET",route="/api/v2/devices/:id",status_code="200"}',
                        )
                    )[0]?.value,
                poll,
            )
            .toBe(2);
        await expect.poll(async () => (await query('readers{job="platform",state="online"}'))[0]?.value, poll).toBe(online);
        // no series names the reader's own address
        expect((await query(`{job="platform",route=~".*/${reader.id}"}`)).length).toBe(0);
    }, 60_000);
});
