/**
 * The built-in country list (spec 000 §3: 250 countries with iso2 codes), the same set the
 * server validates against. Packed as "CODE:Name" pairs so the list costs a few KB, not the
 * 95 KB of the data package it was taken from.
 */
const PACKED = [
  'AF:Afghanistan|AX:Aland Islands|AL:Albania|DZ:Algeria|AS:American Samoa|AD:Andorra|AO:Angola|AI:Anguilla',
  'AQ:Antarctica|AG:Antigua And Barbuda|AR:Argentina|AM:Armenia|AW:Aruba|AU:Australia|AT:Austria|AZ:Azerbaijan',
  'BS:The Bahamas|BH:Bahrain|BD:Bangladesh|BB:Barbados|BY:Belarus|BE:Belgium|BZ:Belize|BJ:Benin|BM:Bermuda',
  'BT:Bhutan|BO:Bolivia|BA:Bosnia and Herzegovina|BW:Botswana|BV:Bouvet Island|BR:Brazil',
  'IO:British Indian Ocean Territory|BN:Brunei|BG:Bulgaria|BF:Burkina Faso|BI:Burundi|KH:Cambodia|CM:Cameroon',
  'CA:Canada|CV:Cape Verde|KY:Cayman Islands|CF:Central African Republic|TD:Chad|CL:Chile|CN:China',
  'CX:Christmas Island|CC:Cocos (Keeling) Islands|CO:Colombia|KM:Comoros|CG:Congo',
  "CD:Democratic Republic of the Congo|CK:Cook Islands|CR:Costa Rica|CI:Cote D'Ivoire (Ivory Coast)|HR:Croatia",
  'CU:Cuba|CY:Cyprus|CZ:Czech Republic|DK:Denmark|DJ:Djibouti|DM:Dominica|DO:Dominican Republic|TL:East Timor',
  'EC:Ecuador|EG:Egypt|SV:El Salvador|GQ:Equatorial Guinea|ER:Eritrea|EE:Estonia|ET:Ethiopia|FK:Falkland Islands',
  'FO:Faroe Islands|FJ:Fiji Islands|FI:Finland|FR:France|GF:French Guiana|PF:French Polynesia',
  'TF:French Southern Territories|GA:Gabon|GM:The Gambia|GE:Georgia|DE:Germany|GH:Ghana|GI:Gibraltar|GR:Greece',
  'GL:Greenland|GD:Grenada|GP:Guadeloupe|GU:Guam|GT:Guatemala|GG:Guernsey and Alderney|GN:Guinea|GW:Guinea-Bissau',
  'GY:Guyana|HT:Haiti|HM:Heard Island and McDonald Islands|HN:Honduras|HK:Hong Kong S.A.R.|HU:Hungary|IS:Iceland',
  'IN:India|ID:Indonesia|IR:Iran|IQ:Iraq|IE:Ireland|IL:Israel|IT:Italy|JM:Jamaica|JP:Japan|JE:Jersey|JO:Jordan',
  'KZ:Kazakhstan|KE:Kenya|KI:Kiribati|KP:North Korea|KR:South Korea|KW:Kuwait|KG:Kyrgyzstan|LA:Laos|LV:Latvia',
  'LB:Lebanon|LS:Lesotho|LR:Liberia|LY:Libya|LI:Liechtenstein|LT:Lithuania|LU:Luxembourg|MO:Macau S.A.R.',
  'MK:Macedonia|MG:Madagascar|MW:Malawi|MY:Malaysia|MV:Maldives|ML:Mali|MT:Malta|IM:Man (Isle of)',
  'MH:Marshall Islands|MQ:Martinique|MR:Mauritania|MU:Mauritius|YT:Mayotte|MX:Mexico|FM:Micronesia|MD:Moldova',
  'MC:Monaco|MN:Mongolia|ME:Montenegro|MS:Montserrat|MA:Morocco|MZ:Mozambique|MM:Myanmar|NA:Namibia|NR:Nauru',
  'NP:Nepal|BQ:Bonaire, Sint Eustatius and Saba|NL:Netherlands|NC:New Caledonia|NZ:New Zealand|NI:Nicaragua',
  'NE:Niger|NG:Nigeria|NU:Niue|NF:Norfolk Island|MP:Northern Mariana Islands|NO:Norway|OM:Oman|PK:Pakistan',
  'PW:Palau|PS:Palestinian Territory Occupied|PA:Panama|PG:Papua new Guinea|PY:Paraguay|PE:Peru|PH:Philippines',
  'PN:Pitcairn Island|PL:Poland|PT:Portugal|PR:Puerto Rico|QA:Qatar|RE:Reunion|RO:Romania|RU:Russia|RW:Rwanda',
  'SH:Saint Helena|KN:Saint Kitts And Nevis|LC:Saint Lucia|PM:Saint Pierre and Miquelon',
  'VC:Saint Vincent And The Grenadines|BL:Saint-Barthelemy|MF:Saint-Martin (French part)|WS:Samoa|SM:San Marino',
  'ST:Sao Tome and Principe|SA:Saudi Arabia|SN:Senegal|RS:Serbia|SC:Seychelles|SL:Sierra Leone|SG:Singapore',
  'SK:Slovakia|SI:Slovenia|SB:Solomon Islands|SO:Somalia|ZA:South Africa|GS:South Georgia|SS:South Sudan|ES:Spain',
  'LK:Sri Lanka|SD:Sudan|SR:Suriname|SJ:Svalbard And Jan Mayen Islands|SZ:Swaziland|SE:Sweden|CH:Switzerland',
  'SY:Syria|TW:Taiwan|TJ:Tajikistan|TZ:Tanzania|TH:Thailand|TG:Togo|TK:Tokelau|TO:Tonga|TT:Trinidad And Tobago',
  'TN:Tunisia|TR:Turkey|TM:Turkmenistan|TC:Turks And Caicos Islands|TV:Tuvalu|UG:Uganda|UA:Ukraine',
  'AE:United Arab Emirates|GB:United Kingdom|US:United States|UM:United States Minor Outlying Islands|UY:Uruguay',
  'UZ:Uzbekistan|VU:Vanuatu|VA:Vatican City State (Holy See)|VE:Venezuela|VN:Vietnam|VG:Virgin Islands (British)',
  'VI:Virgin Islands (US)|WF:Wallis And Futuna Islands|EH:Western Sahara|YE:Yemen|ZM:Zambia|ZW:Zimbabwe|XK:Kosovo',
  'CW:Curaçao|SX:Sint Maarten (Dutch part)',
].join('|');

export interface Country {
  iso2: string;
  name: string;
}

export const COUNTRIES: readonly Country[] = PACKED.split('|').map((pair) => {
  const [iso2 = '', name = ''] = pair.split(':');
  return { iso2, name };
});

export function countryName(iso2: string): string {
  return COUNTRIES.find((c) => c.iso2 === iso2)?.name ?? iso2;
}
