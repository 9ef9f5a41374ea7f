import './console-guard';
import '@testing-library/jest-dom/vitest';
