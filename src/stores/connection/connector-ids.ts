/** The embedded wallet's connector id (spec 3), shared by the first chunk's connector and the lazy session. */
export const AUTH_CONNECTOR_ID = 'ID_AUTH';
