import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { features } from '../../src/features';
import { installPlugins } from '../../src/plugins/installed';

// The console's features, as main.tsx installs them.
installPlugins(features);

// findBy/waitFor wait up to 5 s for the screen to show what is expected: the
// default 1 s is too short when the whole suite shares two cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
});
