/** Every CSV import query (the list, one import's progress, its rows) sits under this key. */
export const csvImportQueryKey = ['csv-imports'] as const;
export const csvImportListKey = (teamId: string) => [...csvImportQueryKey, 'list', teamId] as const;
export const csvImportKey = (importId: string) => [...csvImportQueryKey, 'one', importId] as const;
export const csvImportRowsKey = (importId: string) => [...csvImportQueryKey, 'rows', importId] as const;
