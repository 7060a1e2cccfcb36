import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests only by itself when vitest globals are on; they are off.
afterEach(cleanup);
