import type { OtaTarget } from '../bundle-types.js';

/**
 * Where OpenTravel puts things in OTA_HotelDescriptiveInfoRS (the 2015A schemas): for each target
 * of schemas/ota-mapping.json, the attribute each code list fills, and the attribute each value
 * slot fills. This is knowledge of OTA's elements, not of our fields: which field or value has
 * which code is declared in the schemas (x-ota, ota), never here. The builder writes exactly
 * these attributes; the coverage report (docs/ota-coverage.md) names them.
 */

const CATEGORY = {
  LOC: 'LocationCategory@Code',
  SEG: 'SegmentCategory@Code',
  PCT: 'HotelCategory@Code',
  ARC: 'ArchitecturalStyle@Code',
  GRI: 'GuestRoomInfo@Code',
};

/** Per target: code list -> the attribute its codes fill. A list a target does not name is not sent by it. */
export const OTA_LIST_PLACES: Partial<Record<OtaTarget, Readonly<Record<string, string>>>> = {
  category: CATEGORY,
  locationCategory: CATEGORY,
  service: {
    HAC: 'Service@Code',
    MPT: 'Service@MealPlanCode',
    PRX: 'Service@ProximityCode',
    CHG: 'Charge@ChargeFrequency',
  },
  recreation: { RST: 'Recreation@Code', REC: 'RecreationDetail@Code', PRX: 'Recreation@ProximityCode' },
  guestRoom: {
    RMA: 'Amenity@RoomAmenityCode',
    RVT: 'TypeRoom@RoomViewCode',
    RLT: 'TypeRoom@RoomLocationCode',
    BED: 'TypeRoom@BedTypeCode',
    GRI: 'TypeRoom@RoomClassificationCode',
  },
  restaurant: { RES: 'InfoCode@Code (RestaurantCategory)', CUI: 'CuisineCode@Code', RSI: 'SrvcInfoCode@Code' },
  refPoint: {
    REF: 'RefPoint@RefPointCategoryCode',
    UOM: 'RefPoint@UnitOfMeasureCode',
    TRP: 'Transportation@TransportationCode',
  },
  image: { PIC: 'ImageItem@Category' },
  tax: { FTT: 'TaxPolicy@Code', CHG: 'TaxPolicy@ChargeFrequency' },
  fee: { FTT: 'FeePolicy@Code', CHG: 'FeePolicy@ChargeFrequency' },
  pets: { CHG: 'PetsPolicy@ChargeCode' },
};

/** The attribute a list's codes fill when a field goes to `target`, or undefined when that target does not send the list. */
export const listPlace = (target: OtaTarget, list: string): string | undefined => OTA_LIST_PLACES[target]?.[list];

/**
 * Lists that name what an element is (a field coded with one is an element of its own: a
 * Service, Recreation, room Amenity...). The others qualify an element (a distance's unit, a
 * charge's frequency, a recreation's detail, a room's view or bed type).
 */
export const ELEMENT_LISTS: ReadonlySet<string> = new Set([
  'HAC',
  'MPT',
  'RST',
  'RMA',
  'PCT',
  'LOC',
  'SEG',
  'ARC',
  'GRI',
]);

/** The attribute (or element) a value slot fills, by `target/slot`. Slots not named here are text. */
export const OTA_SLOT_PLACES: Readonly<Record<string, string>> = {
  'award/rating': 'Award@Rating',
  'contact/address': 'Address/AddressLine',
  'contact/postalCode': 'Address/PostalCode',
  'contact/phone': 'Phone@PhoneNumber (PhoneTechType 1)',
  'contact/fax': 'Phone@PhoneNumber (PhoneTechType 3)',
  'contact/email': 'Email',
  'position/latitude': 'Position@Latitude',
  'position/longitude': 'Position@Longitude',
  'policy/checkIn': 'PolicyInfo@CheckInTime',
  'policy/checkOut': 'PolicyInfo@CheckOutTime',
  'policy/minGuestAge': 'PolicyInfo@MinGuestAge',
  'pets/allowed': 'PetsPolicies@PetsAllowedCode',
  'pets/amount': 'PetsPolicy@NonRefundableFee',
  'pets/currency': 'PetsPolicy@CurrencyCode',
  'tax/applicable': 'TaxPolicy (sent or not)',
  'tax/charges': 'TaxPolicy@Type',
  'tax/amount': 'TaxPolicy@Amount',
  'tax/currency': 'TaxPolicy@CurrencyCode',
  'fee/applicable': 'FeePolicy (sent or not)',
  'fee/charges': 'FeePolicy@Type',
  'fee/amount': 'FeePolicy@Amount',
  'fee/currency': 'FeePolicy@CurrencyCode',
  'refPoint/name': 'RefPoint@Name, @RefPointName',
  'refPoint/distance': 'RefPoint@Distance',
  'refPoint/applicable': 'RefPoint (sent or not)',
  'refPoint/travelTime': 'Transportation@TypicalTravelTime',
  'renovation/area': 'Renovation@AreaText',
  'renovation/from': 'Renovation@Start',
  'renovation/to': 'Renovation@End',
  'guestRoom/name': 'GuestRoom@RoomTypeName',
  'guestRoom/type': 'TypeRoom@Name',
  'guestRoom/hotelCode': 'TypeRoom@RoomType',
  'guestRoom/count': 'GuestRoom@Quantity',
  'guestRoom/size': 'TypeRoom@Size',
  'guestRoom/minAdults': 'GuestRoom@MinOccupancy',
  'guestRoom/maxAdults': 'GuestRoom@MaxAdultOccupancy',
  'guestRoom/minChildren': 'GuestRoom (text)',
  'guestRoom/maxChildren': 'GuestRoom@MaxChildOccupancy',
  'guestRoom/quantity': 'Amenity@Quantity',
  'guestRoom/floor': 'TypeRoom@Floor',
  'restaurant/name': 'Restaurant@RestaurantName',
  'restaurant/type': 'InfoCode (RestaurantCategory)',
  'restaurant/cuisine': 'CuisineCode',
  'restaurant/days': 'OperationTime@Mon..@Sun',
  'restaurant/from': 'OperationTime@Start',
  'restaurant/to': 'OperationTime@End',
  'service/quantity': 'Service@Quantity',
  'service/from': 'OperationTime@Start',
  'service/to': 'OperationTime@End',
  'service/days': 'OperationTime@Mon..@Sun',
  'service/amount': 'Charge@Amount',
  'service/currency': 'Charge@CurrencyCode',
  'service/chargeUnit': 'Charge@ChargeUnit',
  'service/chargeFrequency': 'Charge@ChargeFrequency',
  'recreation/from': 'OperationTime@Start',
  'recreation/to': 'OperationTime@End',
  'recreation/start': 'OperationSchedule@Start',
  'recreation/end': 'OperationSchedule@End',
  'category/quantity': 'GuestRoomInfo@Quantity',
};

/** Targets whose element says whether the thing is included in the room rate (charges values with otaIncluded). */
export const OTA_INCLUDED_PLACES: Partial<Record<OtaTarget, string>> = {
  service: 'Service@Included',
  recreation: 'Recreation@Included',
  guestRoom: 'Amenity@IncludedInRateIndicator',
};

/** Where a yes/no fact with a code says yes or no (OpenTravel Option Type Code, OTC: 1 yes, 2 no). */
export const OTA_EXISTS_PLACES: Partial<Record<OtaTarget, string>> = {
  category: '@ExistsCode',
  locationCategory: '@ExistsCode',
  service: 'Service@ExistsCode',
  recreation: 'Recreation@ExistsCode',
  guestRoom: 'Amenity@ExistsCode',
};
