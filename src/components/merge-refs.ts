// Moved to src/hooks/merge-refs.ts. This re-export stays only while src/features/accounts and
// src/features/credit-application, edited on other branches, still import it from here: delete it once they
// import from @/hooks.
export * from '@/hooks/merge-refs';
