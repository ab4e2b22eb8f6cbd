// The header on which the front door hands the verified caller to Next's route handlers.
// The front door overwrites it on every request, so a client cannot choose its value.
export const CALLER_HEADER = "x-toolscope-caller";
