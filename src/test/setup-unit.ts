import { failOnConsoleLines } from './console-guard';

failOnConsoleLines();
