import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { BulkRebootReply } from '../../../../contract/devices';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { commandFinished, type DeviceCommandRecord } from '../types';

/** How often the outcomes are asked, and at most how many devices per round (the rest wait their turn). */
export const OUTCOME_POLL_MS = 2000;
const PER_ROUND = 20;

/**
 * Each device's reboot command as its reader acknowledges it, from
 * GET /devices/{id}/commands. Unfinished ones are asked in turns of twenty
 * every two seconds, so a reboot of thousands of readers stays a light load.
 */
export const useRebootOutcomes = (sent: BulkRebootReply | null) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [outcomes, setOutcomes] = useState<Map<number, DeviceCommandRecord>>(new Map());
    useEffect(() => {
        if (!sent) return;
        let stopped = false;
        let turn = 0;
        let running = false;
        const known = new Map<number, DeviceCommandRecord>();
        const ask = async () => {
            const waiting = sent.commands.filter(c => {
                const command = known.get(c.device_id);
                return !command || !commandFinished(command);
            });
            if (!waiting.length) return;
            const start = turn % waiting.length;
            const batch = [...waiting.slice(start), ...waiting.slice(0, start)].slice(0, PER_ROUND);
            turn += batch.length;
            const found = await Promise.all(
                batch.map(c =>
                    dataProvider
                        .call<{ result: DeviceCommandRecord[] }>(`/devices/${c.device_id}/commands`)
                        .then(r => [c.device_id, r.result.find(x => x.id === c.command_id)] as const)
                        .catch(() => [c.device_id, undefined] as const),
                ),
            );
            if (stopped) return;
            for (const [deviceId, command] of found) if (command) known.set(deviceId, command);
            setOutcomes(new Map(known));
        };
        // One round at a time: a slow round is not overtaken by the next tick.
        const round = async () => {
            if (running) return;
            running = true;
            try {
                await ask();
            } finally {
                running = false;
            }
        };
        void round();
        const timer = setInterval(() => void round(), OUTCOME_POLL_MS);
        return () => {
            stopped = true;
            clearInterval(timer);
        };
    }, [sent, dataProvider]);
    const finished = sent
        ? sent.commands.filter(c => {
              const o = outcomes.get(c.device_id);
              return o && commandFinished(o);
          }).length
        : 0;
    return { outcomes, finished, done: !!sent && finished === sent.commands.length };
};
