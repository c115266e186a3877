// Which seat the open game's table shows (table.js), from the public screen `T.pub`: hot-seat
// (several people at this device) shows the first person to play, behind a curtain whenever
// it changes; a person alone at this device always sees their own seat; several people and
// none of them to play: nobody's secrets (the public view).

/** Sets `T.seat`, `T.curtain` and `T.hot` for the screen just read. `advance`: the seat
 *  shown has played, so the next person to play is shown; `curtain`: cover the field (true),
 *  or "step" when the game moved on (covered when another person plays now or a simultaneous
 *  step begins, not between one person's sequential moves). */
export function showSeat(T, { advance = false, curtain = false } = {}) {
  const { humans, waiting, kinds, result } = T.pub;
  const local = kinds.map((k, i) => (k.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const hot = local.length > 1;
  let seat = T.seat;
  if (result || !humans.length) {
    seat = hot ? (result ? (local.includes(seat) ? seat : local[0]) : null) : local[0];
    T.curtain = false;
  } else {
    if (!humans.includes(seat) || (advance && !waiting.includes(seat))) seat = waiting[0] ?? humans[0];
    const cover = curtain === "step" ? seat !== T.seat || T.pub.to_act.together : curtain;
    // a game may say whose screen holds no secret (the engine's hall_secret): none to cover
    const secret = T.pub.secret == null || T.pub.secret.includes(seat);
    if (hot && (seat !== T.seat || cover) && secret) T.curtain = true;
    if (!hot) T.curtain = false;
  }
  T.seat = seat ?? null;
  T.hot = hot;
}
