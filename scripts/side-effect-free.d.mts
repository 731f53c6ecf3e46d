/** See side-effect-free.mjs. */
export declare const SIDE_EFFECT_FREE: readonly { name: string; checked: string }[];
