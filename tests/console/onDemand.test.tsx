import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onDemand } from '../../src/plugins/onDemand';
import { preloadScreen } from '../../src/layout/pluginRoutes';
import type { ConsolePlugin } from '../../src/plugins/types';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
    state: { error?: Error } = {};
    static getDerivedStateFromError(error: Error) {
        return { error };
    }
    render() {
        return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
    }
}

describe('onDemand screens', () => {
    it('shows a progress bar until the code arrives, then the screen with its props', async () => {
        let arrive!: () => void;
        const Screen = onDemand(() => new Promise<typeof Hello>(resolve => (arrive = () => resolve(Hello))));
        render(<Screen name="Ada" />);
        expect(screen.getByRole('progressbar')).toBeInTheDocument();
        arrive();
        expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    });

    it('a preloaded screen shows at its first render, with no progress bar', async () => {
        const Screen = onDemand(async () => Hello);
        await Screen.preload();
        render(<Screen name="Grace" />);
        expect(screen.getByText('Hello Grace')).toBeInTheDocument();
        expect(screen.queryByRole('progressbar')).toBeNull();
    });

    it('code that cannot be downloaded reaches the error boundary, and is tried again next time', async () => {
        let attempts = 0;
        const Screen = onDemand(async () => {
            attempts++;
            if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
            return Hello;
        });
        const first = render(
            <Boundary>
                <Screen name="Linus" />
            </Boundary>,
        );
        expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch dynamically imported module');
        first.unmount();
        render(<Screen name="Linus" />);
        expect(await screen.findByText('Hello Linus')).toBeInTheDocument();
        expect(attempts).toBe(2);
    });
});

describe('preloadScreen', () => {
    const Plain = () => <p>a screen</p>;
    const plugin = (loads: string[]): ConsolePlugin => {
        const screen = (name: string) =>
            onDemand(async () => {
                loads.push(name);
                return Plain;
            });
        const Page = screen('report page');
        return {
            key: 'things',
            resources: [{ name: 'things', list: screen('list'), edit: screen('edit'), create: screen('create') }],
            routes: [{ path: '/things/report/:id', element: <Page /> }],
            messages: { './messages.en.ts': async () => ({ default: {} }), './messages.fr.ts': async () => ({ default: {} }) },
        };
    };

    it('fetches the code of the screen at the address the console opens on, and only that', async () => {
        for (const [path, expected] of [
            ['/things', ['list']],
            ['/things/12', ['edit']],
            ['/things/create', ['create']],
            ['/things/report/7', ['report page']],
            ['/others', []],
        ] as const) {
            const loads: string[] = [];
            preloadScreen([plugin(loads)], path);
            await Promise.resolve();
            expect({ path, loads }).toEqual({ path, loads: expected });
        }
    });
});
