import TestSupport

extension FeedFolder {
    /// A two-line toy network: line A runs X → Y → Z every 10 min, line B runs Y → W; X, Y, Z in one station "S"
    /// for Y, with a 3-minute change at Y. Weekdays only.
    static let toy = FeedFolder.files(
        stops: """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding
            X,Xavier Sq,52.50,13.40,0,,1
            Y,Yew Street,52.51,13.41,0,,1
            Z,Zed,52.52,13.42,0,,2
            W,Wharf,52.53,13.43,0,,1

            """,
        routes: "route_id,agency_id,route_short_name,route_long_name,route_type\nA,T,A,Line A,1\nB,T,B,Line B,1\n",
        trips: "route_id,service_id,trip_id,trip_headsign\nA,WK,a1,Zed\nA,WK,a2,Zed\nB,WK,b1,Wharf\nB,WK,b2,Wharf\n",
        stopTimes: """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            a1,08:00:00,08:00:00,X,1
            a1,08:05:00,08:05:00,Y,2
            a1,08:10:00,08:10:00,Z,3
            a2,08:10:00,08:10:00,X,1
            a2,08:15:00,08:15:00,Y,2
            a2,08:20:00,08:20:00,Z,3
            b1,08:07:00,08:07:00,Y,1
            b1,08:12:00,08:12:00,W,2
            b2,08:09:00,08:09:00,Y,1
            b2,08:14:00,08:14:00,W,2

            """,
        days: .weekdays,
        other: ["transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nY,Y,2,180\n"])
}
