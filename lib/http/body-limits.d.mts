export declare const BODY_LIMIT: number;
export declare const IMPORT_FILE_BYTES: number;
export declare const IMPORT_BODY_LIMIT: number;
