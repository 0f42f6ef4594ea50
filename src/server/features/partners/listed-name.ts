/**
 * A hotel as an operator's lists name it (issue 38 §1): by the operator's approved override of the
 * hotel name where it has one (as its fact sheet and exports do), with the hotel's own name beside
 * it; the hotel's own name alone otherwise.
 */
export function listedHotelName(hotelName: string, override: string | null): { name: string; ownName: string | null } {
  return { name: override ?? hotelName, ownName: override && override !== hotelName ? hotelName : null };
}
