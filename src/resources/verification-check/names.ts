/** react-admin resource name; also the route of spec section 2 (the LumioAdmin's eID reviews). */
export const EID_REVIEWS_RESOURCE = 'verification-check';
