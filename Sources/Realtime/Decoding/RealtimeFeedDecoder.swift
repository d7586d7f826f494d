import SwiftProtobuf

/// Bytes → `RealtimeFeed`, through the code swift-protobuf generated from gtfs-realtime.proto (Generated/).
///
/// Fields this proto does not know (newer spec additions) and agency extensions (NYCT's 1001, MTA's 1006, …) land
/// in swift-protobuf's unknown fields and are ignored: no extension map is passed, so an extension is never fatal.
/// A message missing a required field (header, version, entity id) is a rejection, as is anything that is not
/// protobuf at all (an HTML error page served with 200, a truncated download).
public enum RealtimeFeedDecoder {
    /// Nesting deeper than any real feed (FeedMessage → entity → trip_update → stop_time_update → event is 5), so
    /// a hostile input of nested groups is refused quickly instead of recursing.
    static let messageDepthLimit = 32

    public static func decode(_ bytes: [UInt8], source: String) throws(RealtimeFeedError) -> RealtimeFeed {
        var options = BinaryDecodingOptions()
        options.messageDepthLimit = messageDepthLimit
        // Nothing reads them: a feed heavy with an agency's extensions costs no memory beyond its own bytes.
        options.discardUnknownFields = true
        let message: TransitRealtime_FeedMessage
        do {
            message = try TransitRealtime_FeedMessage(serializedBytes: bytes, options: options)
        } catch {
            throw RealtimeFeedError(source: source, message: "not a GTFS-realtime feed (\(bytes.count) bytes): \(reason(error, bytes))")
        }
        return feed(from: message)
    }

    static func reason(_ error: any Error, _ bytes: [UInt8]) -> String {
        if let first = bytes.first, first == UInt8(ascii: "<") { return "looks like HTML or XML, not protobuf" }
        switch error as? BinaryDecodingError {
        case .truncated?: return "truncated protobuf"
        case .malformedProtobuf?: return "malformed protobuf"
        case .missingRequiredFields?: return "a required field (header, gtfs_realtime_version or entity id) is missing"
        case .messageDepthLimit?: return "messages nested deeper than \(messageDepthLimit)"
        case .invalidUTF8?: return "a string that is not UTF-8"
        default: return "\(error)"
        }
    }

    static func feed(from message: TransitRealtime_FeedMessage) -> RealtimeFeed {
        var feed = RealtimeFeed(version: message.header.gtfsRealtimeVersion,
                                timestamp: message.header.hasTimestamp ? message.header.timestamp : nil,
                                isDifferential: message.header.incrementality == .differential)
        for entity in message.entity {
            if entity.isDeleted {
                feed.skippedEntities += 1
                continue
            }
            var used = false
            if entity.hasAlert {
                feed.alerts.append(alert(entity.id, entity.alert))
                used = true
            }
            if entity.hasTripUpdate {
                feed.tripPredictions.append(prediction(entity.id, entity.tripUpdate))
                used = true
            }
            if entity.hasVehicle {
                feed.vehicles.append(vehicle(entity.id, entity.vehicle))
                used = true
            }
            if !used { feed.skippedEntities += 1 }
        }
        return feed
    }

    static func alert(_ id: String, _ alert: TransitRealtime_Alert) -> ServiceAlert {
        var decoded = ServiceAlert(
            id: id,
            activePeriods: alert.activePeriod.map { ActivePeriod(start: $0.hasStart ? $0.start : nil, end: $0.hasEnd ? $0.end : nil) },
            informedEntities: alert.informedEntity.map(informedEntity),
            cause: cause(alert.cause), effect: effect(alert.effect),
            header: text(alert.headerText), description: text(alert.descriptionText), url: text(alert.url))
        decoded.ttsHeader = text(alert.ttsHeaderText)
        decoded.ttsDescription = text(alert.ttsDescriptionText)
        return decoded
    }

    static func informedEntity(_ selector: TransitRealtime_EntitySelector) -> InformedEntity {
        InformedEntity(agencyID: selector.hasAgencyID ? selector.agencyID : nil,
                       routeID: selector.hasRouteID ? selector.routeID : nil,
                       routeType: selector.hasRouteType ? Int(selector.routeType) : nil,
                       directionID: selector.hasDirectionID ? Int(selector.directionID) : nil,
                       tripID: selector.hasTrip && selector.trip.hasTripID ? selector.trip.tripID : nil,
                       stopID: selector.hasStopID ? selector.stopID : nil)
    }

    static func text(_ string: TransitRealtime_TranslatedString) -> TranslatedText {
        TranslatedText(string.translation.map {
            TranslatedText.Translation(language: $0.hasLanguage && !$0.language.isEmpty ? $0.language : nil, text: $0.text)
        })
    }

    static func cause(_ cause: TransitRealtime_Alert.Cause) -> AlertCause {
        switch cause {
        case .unknownCause: .unknownCause
        case .otherCause: .otherCause
        case .technicalProblem: .technicalProblem
        case .strike: .strike
        case .demonstration: .demonstration
        case .accident: .accident
        case .holiday: .holiday
        case .weather: .weather
        case .maintenance: .maintenance
        case .construction: .construction
        case .policeActivity: .policeActivity
        case .medicalEmergency: .medicalEmergency
        case .specialEvent: .specialEvent
        }
    }

    static func effect(_ effect: TransitRealtime_Alert.Effect) -> AlertEffect {
        switch effect {
        case .noService: .noService
        case .reducedService: .reducedService
        case .significantDelays: .significantDelays
        case .detour: .detour
        case .additionalService: .additionalService
        case .modifiedService: .modifiedService
        case .otherEffect: .otherEffect
        case .unknownEffect: .unknownEffect
        case .stopMoved: .stopMoved
        case .noEffect: .noEffect
        case .accessibilityIssue: .accessibilityIssue
        }
    }

    static func prediction(_ id: String, _ update: TransitRealtime_TripUpdate) -> TripPrediction {
        let trip = update.trip
        let relationship: TripPrediction.Relationship = switch trip.scheduleRelationship {
        case .scheduled: .scheduled
        case .added: .added
        case .unscheduled: .unscheduled
        case .canceled: .canceled
        case .replacement: .replacement
        case .duplicated: .duplicated
        case .deleted: .deleted
        case .new: .added
        }
        return TripPrediction(
            entityID: id,
            tripID: trip.hasTripID ? trip.tripID : nil,
            routeID: trip.hasRouteID ? trip.routeID : nil,
            directionID: trip.hasDirectionID ? Int(trip.directionID) : nil,
            startDate: trip.hasStartDate ? trip.startDate : nil,
            startTime: trip.hasStartTime ? trip.startTime : nil,
            relationship: relationship,
            timestamp: update.hasTimestamp ? update.timestamp : nil,
            delaySeconds: update.hasDelay ? Int(update.delay) : nil,
            stopTimes: update.stopTimeUpdate.map(stopTime))
    }

    static func stopTime(_ update: TransitRealtime_TripUpdate.StopTimeUpdate) -> StopTimePrediction {
        let relationship: StopTimePrediction.Relationship = switch update.scheduleRelationship {
        case .scheduled: .scheduled
        case .skipped: .skipped
        case .noData: .noData
        case .unscheduled: .unscheduled
        }
        return StopTimePrediction(stopSequence: update.hasStopSequence ? Int(update.stopSequence) : nil,
                                  stopID: update.hasStopID ? update.stopID : nil,
                                  arrival: update.hasArrival ? event(update.arrival) : nil,
                                  departure: update.hasDeparture ? event(update.departure) : nil,
                                  relationship: relationship)
    }

    static func event(_ event: TransitRealtime_TripUpdate.StopTimeEvent) -> StopTimeEvent {
        StopTimeEvent(delaySeconds: event.hasDelay ? Int(event.delay) : nil, time: event.hasTime ? event.time : nil,
                      uncertaintySeconds: event.hasUncertainty ? Int(event.uncertainty) : nil)
    }

    static func vehicle(_ id: String, _ position: TransitRealtime_VehiclePosition) -> VehicleSighting {
        VehicleSighting(entityID: id,
                        vehicleID: position.hasVehicle && position.vehicle.hasID ? position.vehicle.id : nil,
                        tripID: position.hasTrip && position.trip.hasTripID ? position.trip.tripID : nil,
                        routeID: position.hasTrip && position.trip.hasRouteID ? position.trip.routeID : nil,
                        stopID: position.hasStopID ? position.stopID : nil,
                        latitude: position.hasPosition ? Double(position.position.latitude) : nil,
                        longitude: position.hasPosition ? Double(position.position.longitude) : nil,
                        timestamp: position.hasTimestamp ? position.timestamp : nil)
    }
}
