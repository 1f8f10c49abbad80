/** Dark enough for white badge text (over 6:1) on both themes: 'you are editing', 'signed'. */
export const SIGNED_GREEN = '#1f6f33';
