import { useQuery } from '@tanstack/react-query';
import { fetchCities, fetchCountries, fetchStates } from './property-api';

/** The place lists of the property form: the countries, the chosen country's states, the chosen state's cities. */
export function useLocations(country: string, state: string) {
  const countries = useQuery({ queryKey: ['countries'], queryFn: fetchCountries, staleTime: Infinity });
  const states = useQuery({
    queryKey: ['states', country],
    queryFn: () => fetchStates(country),
    enabled: !!country,
    staleTime: Infinity,
  });
  const cities = useQuery({
    queryKey: ['cities', country, state],
    queryFn: () => fetchCities(country, state),
    enabled: !!country && !!state,
    staleTime: Infinity,
  });
  return {
    countries: countries.data ?? [],
    states: states.data ?? [],
    cityNames: (cities.data ?? []).map((c) => c.name),
    statesLoading: states.isFetching,
    citiesLoading: cities.isFetching,
  };
}
