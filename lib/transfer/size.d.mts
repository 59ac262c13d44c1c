export declare const IMPORT_FILE_BYTES: number;
